import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { UserEntity } from './entities/user.entity';

@Injectable()
export class UsersService {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  /** A live (not deleted) account, or 404. */
  async getActive(id: number): Promise<UserEntity> {
    const user = await this.users.findOne({ where: { id, deletedAt: IsNull() } });
    if (!user) throw new NotFoundException({ message: 'User not found.' });
    return user;
  }

  /** Login accepts a username or an e-mail, case-insensitively; deleted accounts are not found. */
  findForLogin(identifier: string): Promise<(UserEntity & { passwordHash: string }) | null> {
    return this.users
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('(lower(u.username) = lower(:id) OR lower(u.email) = lower(:id))', { id: identifier.trim() })
      .andWhere('u.deletedAt IS NULL')
      .getOne();
  }

  findActiveByEmail(email: string): Promise<UserEntity | null> {
    return this.users
      .createQueryBuilder('u')
      .where('lower(u.email) = lower(:email)', { email: email.trim() })
      .andWhere('u.deletedAt IS NULL')
      .getOne();
  }
}
