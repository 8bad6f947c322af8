// player_exit: when and how people left the game (episode and its title, day, boot order, result), earliest exit
// first
MATCH (p:Player)-[:PLAYED_IN]->(ps:PlayerSeason)-[:IN_SEASON]->(s:Season)
WHERE p.castaway_id IN $castaway_ids AND s.version = $version AND ($season IS NULL OR s.number = $season)
OPTIONAL MATCH (s)-[:HAS_EPISODE]->(e:Episode {number: ps.exit_episode})
RETURN ps.name AS player, s.number AS season, ps.exit_episode AS episode, ps.exit_day AS day,
       ps.result AS result, ps.boot_order AS boot_order, ps.place AS place, ps.castaway_id AS castaway_id,
       e.title AS episode_title
ORDER BY season, CASE WHEN $latest_first THEN -ps.boot_order ELSE ps.boot_order END, player
