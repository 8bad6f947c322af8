// episode_confessionals: each episode of a season (or of every season) with its confessionals added up over the
// castaways, and who left the game in it: "which episode of Cambodia had the most confessionals?", "in the episode
// with the most confessionals, who went home?" (one person's per episode: confessionals_by_episode)
MATCH (s:Season {version: $version})-[:HAS_EPISODE]->(e:Episode)
WHERE $season IS NULL OR s.number = $season
OPTIONAL MATCH (:PlayerSeason)-[c:CONFESSIONALS_IN]->(e)
WITH s, e, toInteger(sum(coalesce(c.count, 0))) AS confessionals
OPTIONAL MATCH (e)-[:ELIMINATED]->(out:PlayerSeason)
WITH s, e, confessionals, out ORDER BY out.boot_order
RETURN s.number AS season, e.number AS episode, e.title AS title, confessionals, collect(out.name) AS left_the_game
ORDER BY season, episode
