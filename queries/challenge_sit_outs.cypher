// challenge_sit_outs: who sat out challenges (a tribe with more players than the challenge needs benches some),
// counted per person and season, most first, with the episodes; optionally one season or one person
MATCH (ps:PlayerSeason)-[r:IN_CHALLENGE]->(c:Challenge)
WHERE r.sat_out = true AND ps.version = $version AND ($season IS NULL OR ps.season = $season)
  AND ($castaway_id IS NULL OR ps.castaway_id = $castaway_id)
WITH ps, c ORDER BY c.episode
WITH ps, count(c) AS sat_out, collect(c.episode) AS episodes
RETURN ps.name AS player, ps.castaway_id AS castaway_id, ps.season AS season, sat_out, episodes
ORDER BY sat_out DESC, season, player
