/** localStorage key of the league the match pages act in when the route does not name it (docs/product.md#create-league-match). */
export const LEAGUE_ID_KEY = 'league_id';
