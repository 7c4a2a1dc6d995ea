import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { createSecretKey } from 'node:crypto';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Authenticator } from '../common/auth/authenticated-user';
import { APP_CONFIG, AppConfig } from '../config/env';
import { SessionEntity } from './entities/session.entity';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';
import { SessionCache } from './session-cache';
import { ACCESS_TOKEN_AUDIENCE } from './token-kind';

/**
 * Sessions and tokens: every module with guarded routes (and the socket gateway) imports it for
 * the Authenticator that AuthGuard needs. The algorithm is pinned on both signing and verifying,
 * so a token signed any other way (or `none`) is refused; so is one for another audience or of
 * another kind (token-kind.ts).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([SessionEntity]),
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        // A KeyObject, not the string: given a string, jsonwebtoken first tries to parse it as a
        // PEM public key on every verify, which costs about 1 ms of CPU per authenticated request
        // (measured by bench/leaderboard.bench.mjs); with the key object a verify takes ~45 µs.
        const key = createSecretKey(Buffer.from(config.JWT_SECRET));
        return {
          secretOrKeyProvider: () => key,
          signOptions: { algorithm: 'HS256', expiresIn: config.JWT_EXPIRES_IN as never, audience: ACCESS_TOKEN_AUDIENCE },
          verifyOptions: { algorithms: ['HS256'], audience: ACCESS_TOKEN_AUDIENCE },
        };
      },
    }),
  ],
  providers: [SessionsRepository, SessionCache, SessionsService, { provide: Authenticator, useExisting: SessionsService }],
  exports: [SessionsService, Authenticator],
})
export class SessionsModule {}
