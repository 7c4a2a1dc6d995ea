import { Injectable } from '@nestjs/common';
import type { WitnessedEvidence } from '@gotnext/shared';

type Source = (matchId: number) => Promise<WitnessedEvidence | null>;

/**
 * What a dispute carries beyond the two reports: the scoreboard's logs, when the match was scored
 * live (docs/matches.md#witnessed-score). The witnessed feature registers the source, so matches
 * does not depend on it.
 */
@Injectable()
export class MatchEvidence {
  private source: Source = async () => null;

  register(source: Source): void {
    this.source = source;
  }

  of(matchId: number): Promise<WitnessedEvidence | null> {
    return this.source(matchId);
  }
}
