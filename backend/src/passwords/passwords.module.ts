import { Module } from '@nestjs/common';
import { PasswordService } from './password.service';

/** Password hashing and verification, for every call that sets or checks a password (signup, login, reset, deletion). */
@Module({
  providers: [PasswordService],
  exports: [PasswordService],
})
export class PasswordsModule {}
