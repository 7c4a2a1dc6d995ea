/**
 * Input checks of rateMatch. The engine is called with data that crossed the network or came
 * out of the database, so every precondition the formula relies on is checked and refused with
 * a RangeError that names the field; a NaN slipping into a pool would poison every later match.
 */
import { MAX_TEAM_SIZE, MIN_TEAM_SIZE } from './constants';
import type { RatedMatchInput, RatingPlayer } from './types';

function refuse(message: string): never {
  throw new RangeError(`rateMatch: ${message}`);
}

function isNonNegativeInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function checkPlayer(player: RatingPlayer, where: string): void {
  if (player === null || typeof player !== 'object') refuse(`${where} is not a player`);
  // Integer ids: they are database ids and they order the summation; NaN would break the sort.
  if (typeof player.id !== 'number' || !Number.isSafeInteger(player.id)) refuse(`${where}.id must be an integer (got ${String(player.id)})`);
  if (typeof player.rating !== 'number' || !Number.isFinite(player.rating)) refuse(`${where}.rating must be a finite number (got ${String(player.rating)})`);
  if (typeof player.sigma !== 'number' || !Number.isFinite(player.sigma) || player.sigma <= 0) refuse(`${where}.sigma must be a positive number (got ${String(player.sigma)})`);
  if (!isNonNegativeInteger(player.games)) refuse(`${where}.games must be a non-negative integer (got ${String(player.games)})`);
}

function checkTeam(team: readonly RatingPlayer[], name: string): void {
  if (!Array.isArray(team)) refuse(`${name} must be an array of players`);
  if (team.length === 0) refuse(`${name} is empty`);
  if (team.length < MIN_TEAM_SIZE || team.length > MAX_TEAM_SIZE) {
    refuse(`${name} has ${team.length} players; teams have ${MIN_TEAM_SIZE} to ${MAX_TEAM_SIZE}`);
  }
  team.forEach((player, index) => checkPlayer(player, `${name}[${index}]`));
}

/** Throws a RangeError describing the first problem found; returns normally when the input is ratable. */
export function validateRatedMatch(input: RatedMatchInput): void {
  if (input === null || typeof input !== 'object') refuse('input must be an object');
  checkTeam(input.teamA, 'teamA');
  checkTeam(input.teamB, 'teamB');
  if (input.teamA.length !== input.teamB.length) {
    refuse(`teams must be the same size (teamA has ${input.teamA.length}, teamB has ${input.teamB.length})`);
  }
  const seen = new Set<number>();
  for (const player of [...input.teamA, ...input.teamB]) {
    if (seen.has(player.id)) refuse(`player ${player.id} appears more than once`);
    seen.add(player.id);
  }
  if (!isNonNegativeInteger(input.scoreA)) refuse(`scoreA must be a non-negative integer (got ${String(input.scoreA)})`);
  if (!isNonNegativeInteger(input.scoreB)) refuse(`scoreB must be a non-negative integer (got ${String(input.scoreB)})`);
  if (!isNonNegativeInteger(input.target) || input.target === 0) {
    refuse(`target must be a positive integer (got ${String(input.target)})`);
  }
  if (input.pointUnit !== undefined && (!isNonNegativeInteger(input.pointUnit) || input.pointUnit === 0)) {
    refuse(`pointUnit must be a positive integer (got ${String(input.pointUnit)})`);
  }
}
