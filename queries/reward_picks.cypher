// reward_picks: who was chosen to join someone else's reward (survivoR's chosen_for_reward), counted per person
// and season, most first, with the episodes; optionally one season or one person
MATCH (ps:PlayerSeason)-[r:IN_CHALLENGE]->(c:Challenge)
WHERE r.chosen_for_reward = true AND ps.version = $version AND ($season IS NULL OR ps.season = $season)
  AND ($castaway_id IS NULL OR ps.castaway_id = $castaway_id)
WITH ps, c ORDER BY c.episode
WITH ps, count(DISTINCT c) AS times_chosen, collect(DISTINCT c.episode) AS episodes
RETURN ps.name AS player, ps.castaway_id AS castaway_id, ps.season AS season, times_chosen, episodes
ORDER BY times_chosen DESC, season, player
