import { Module } from '@nestjs/common';
import { FriendsRepository } from './friends.repository';

/** The friendship tables, for the features that ask whether two players are friends (messages). */
@Module({ providers: [FriendsRepository], exports: [FriendsRepository] })
export class FriendsModule {}
