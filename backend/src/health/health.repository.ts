import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** The one statement readiness needs: PostgreSQL answers. */
@Injectable()
export class HealthRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async ping(): Promise<void> {
    await this.db.query('SELECT 1');
  }
}
