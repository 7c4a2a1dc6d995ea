import { Global, Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, AppConfig } from '../config/env';
import { SessionEntity } from './entities/session.entity';
import { SessionsService } from './sessions.service';
import { AuthGuard, OptionalAuthGuard } from '../common/auth/auth.guard';

/**
 * Sessions and guards, needed by every feature and by the gateway. The algorithm is pinned on
 * both signing and verifying, so a token signed any other way (or `none`) is refused.
 */
@Global()
@Module({
  imports: [
    TypeOrmModule.forFeature([SessionEntity]),
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: config.JWT_SECRET,
        signOptions: { algorithm: 'HS256', expiresIn: config.JWT_EXPIRES_IN as never },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  providers: [SessionsService, AuthGuard, OptionalAuthGuard],
  exports: [SessionsService, AuthGuard, OptionalAuthGuard, JwtModule],
})
export class AuthCoreModule {}
