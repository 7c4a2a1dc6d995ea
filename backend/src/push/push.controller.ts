import { BadRequestException, Body, ConflictException, Controller, Get, HttpCode, Post, Put, ServiceUnavailableException, UseGuards } from '@nestjs/common';
import { MSG, PUSH_TYPES, type MessageResponse, type PushPublicKeyResponse, type PushSettings, type PushSettingsResponse, type PushType } from '@gotnext/shared';
import { AuthGuard } from '../common/auth/auth.guard';
import { CurrentUser } from '../common/auth/current-user.decorator';
import type { AuthenticatedUser } from '../common/auth/authenticated-user';
import { PushRepository } from './push.repository';
import { PushSender } from './push-sender';
import { PushSettingsDto, PushSubscriptionDto, PushUnsubscribeDto } from './dto/push.dto';

/** Web Push: this device's subscription and the caller's settings (docs/notifications.md#web-push). */
@Controller('push')
@UseGuards(AuthGuard)
export class PushController {
  constructor(
    private readonly push: PushRepository,
    private readonly sender: PushSender,
  ) {}

  @Get('public-key')
  publicKey(): PushPublicKeyResponse {
    const publicKey = this.sender.publicKey;
    if (!publicKey) throw new ServiceUnavailableException({ message: MSG.pushUnavailable });
    return { publicKey };
  }

  @Post('subscriptions')
  @HttpCode(200)
  async subscribe(@CurrentUser() actor: AuthenticatedUser, @Body() body: PushSubscriptionDto): Promise<MessageResponse> {
    if (!this.sender.enabled) throw new ServiceUnavailableException({ message: MSG.pushUnavailable });
    // Only the browsers' push services: anything else would have the worker call an address of the player's choosing.
    if (!this.sender.endpointKind(body.endpoint)) throw new BadRequestException({ message: MSG.pushServiceNotAllowed });
    if (!(await this.push.upsert(actor.id, body.endpoint, body.keys.p256dh, body.keys.auth))) throw new ConflictException({ message: MSG.pushEndpointTaken });
    return { message: MSG.pushSubscribed };
  }

  @Post('subscriptions/remove')
  @HttpCode(200)
  async unsubscribe(@CurrentUser() actor: AuthenticatedUser, @Body() body: PushUnsubscribeDto): Promise<MessageResponse> {
    await this.push.remove(actor.id, body.endpoint);
    return { message: MSG.pushUnsubscribed };
  }

  @Get('settings')
  async settings(@CurrentUser() actor: AuthenticatedUser): Promise<PushSettingsResponse> {
    return this.read(actor.id);
  }

  @Put('settings')
  async update(@CurrentUser() actor: AuthenticatedUser, @Body() body: PushSettingsDto): Promise<PushSettingsResponse> {
    const disabled = new Set(await this.push.disabled(actor.id));
    for (const type of PUSH_TYPES) {
      const value = body[type];
      if (value === true) disabled.delete(type);
      if (value === false) disabled.add(type);
    }
    await this.push.setDisabled(actor.id, [...disabled]);
    return this.read(actor.id);
  }

  private async read(userId: number): Promise<PushSettingsResponse> {
    const disabled = new Set<PushType>(await this.push.disabled(userId));
    const settings = Object.fromEntries(PUSH_TYPES.map((t) => [t, !disabled.has(t)])) as unknown as PushSettings;
    return { settings, devices: await this.push.countForUser(userId) };
  }
}
