import { Type } from 'class-transformer';
import { IsBoolean, IsDefined, IsObject, IsOptional, IsString, IsUrl, Matches, MaxLength, ValidateNested } from 'class-validator';
import { MSG, type PushSettingsRequest, type PushSubscriptionRequest, type PushUnsubscribeRequest } from '@gotnext/shared';

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

class PushKeysDto {
  @IsDefined({ message: MSG.pushSubscriptionInvalid })
  @IsString({ message: MSG.pushSubscriptionInvalid })
  @Matches(BASE64URL, { message: MSG.pushSubscriptionInvalid })
  @MaxLength(200, { message: MSG.pushSubscriptionInvalid })
  p256dh: string;
  @IsDefined({ message: MSG.pushSubscriptionInvalid })
  @IsString({ message: MSG.pushSubscriptionInvalid })
  @Matches(BASE64URL, { message: MSG.pushSubscriptionInvalid })
  @MaxLength(100, { message: MSG.pushSubscriptionInvalid })
  auth: string;
}

/** A push service endpoint is an https URL (docs/notifications.md#web-push). */
const endpoint = () => IsUrl({ protocols: ['https'], require_protocol: true, require_tld: false }, { message: MSG.pushSubscriptionInvalid });

export class PushSubscriptionDto implements PushSubscriptionRequest {
  @IsDefined({ message: MSG.pushSubscriptionInvalid })
  @IsString({ message: MSG.pushSubscriptionInvalid })
  @MaxLength(2048, { message: MSG.pushSubscriptionInvalid })
  @endpoint()
  endpoint: string;
  // IsObject refuses an array (`keys: []`), which ValidateNested would pass as a list of none.
  @IsDefined({ message: MSG.pushSubscriptionInvalid }) @IsObject({ message: MSG.pushSubscriptionInvalid }) @ValidateNested() @Type(() => PushKeysDto) keys: PushKeysDto;
}

export class PushUnsubscribeDto implements PushUnsubscribeRequest {
  @IsDefined({ message: MSG.pushSubscriptionInvalid })
  @IsString({ message: MSG.pushSubscriptionInvalid })
  @MaxLength(2048, { message: MSG.pushSubscriptionInvalid })
  endpoint: string;
}

export class PushSettingsDto implements PushSettingsRequest {
  @IsOptional() @IsBoolean({ message: MSG.pushSettingsInvalid }) match_start?: boolean;
  @IsOptional() @IsBoolean({ message: MSG.pushSettingsInvalid }) opponent_reported?: boolean;
  @IsOptional() @IsBoolean({ message: MSG.pushSettingsInvalid }) dispute?: boolean;
  @IsOptional() @IsBoolean({ message: MSG.pushSettingsInvalid }) message?: boolean;
  @IsOptional() @IsBoolean({ message: MSG.pushSettingsInvalid }) friend_request?: boolean;
  @IsOptional() @IsBoolean({ message: MSG.pushSettingsInvalid }) league_invite?: boolean;
  @IsOptional() @IsBoolean({ message: MSG.pushSettingsInvalid }) court_called?: boolean;
  @IsOptional() @IsBoolean({ message: MSG.pushSettingsInvalid }) run_forming?: boolean;
}
