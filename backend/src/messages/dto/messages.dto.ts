import { Allow, IsDefined, IsInt, Max, Min } from 'class-validator';
import { MSG, type SendMessageRequest } from '@gotnext/shared';

export class SendMessageDto implements SendMessageRequest {
  @IsDefined({ message: MSG.playerNotFound })
  @IsInt({ message: MSG.playerNotFound })
  @Min(1, { message: MSG.playerNotFound })
  @Max(2_147_483_647, { message: MSG.playerNotFound })
  recipient_id: number;

  /** Checked by chatText (blank, too long), so the composer and the server say the same thing. */
  @Allow() content: string;
}
