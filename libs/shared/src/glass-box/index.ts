/** The glass box: the rating's predictions walked forward and measured (docs/rating.md#glass-box). */
export { walkForward, weighChange, type WalkMatch, type Prediction } from './walk-forward';
export { calibrate, type Calibration, type CalibrationBin, type CalibrationScore } from './calibration';
export { matchChances, type MatchChances } from './chances';
