import { Injectable } from '@nestjs/common';
import { calibrate, ratingEngine, walkForward, type Calibration } from '@gotnext/shared';
import { IntegrityRepository } from './integrity.repository';
import { walkMatchesOf } from './history-input';

/**
 * The nightly measure of the rating (docs/rating.md#glass-box): the whole ranked history walked
 * forward under the current engine (each match predicted on the ratings just before it, its
 * integrity weight applied as the pools apply it), the predictions compared with the results, and
 * the result stored for the public page. Recomputed by replay rather than stored per match, so the
 * page always measures the engine version that rates today.
 */
@Injectable()
export class CalibrationRun {
  constructor(private readonly integrity: IntegrityRepository) {}

  async run(): Promise<Calibration> {
    const { predictions } = walkForward(walkMatchesOf(await this.integrity.history()));
    const result = calibrate(predictions);
    await this.integrity.storeCalibration(ratingEngine.version, result);
    return result;
  }
}
