// exits_by_type: the castaways who left the game one way (medevac, quit, ejected ...), with season and episode
MATCH (s:Season {version: $version})<-[:IN_SEASON]-(ps:PlayerSeason)
WHERE ps.exit_type = $exit_type AND ($season IS NULL OR s.number = $season)
RETURN s.number AS season, s.name AS season_name, ps.name AS player, ps.castaway_id AS castaway_id,
       ps.exit_episode AS episode, ps.exit_day AS day, ps.result AS result
ORDER BY season, episode, player
LIMIT $limit
