// exits_by_type: the castaways who left the game one way (medevac, quit, ejected ...), with season, episode and
// how many such exits there were in all (n_exits). 'quit' includes those who quit after being voted out (the
// Edge of Extinction) or asked to be voted out: survivoR's result says Quit for them
MATCH (s:Season {version: $version})<-[:IN_SEASON]-(ps:PlayerSeason)
WHERE (ps.exit_type = $exit_type OR ($exit_type = 'quit' AND ps.result CONTAINS 'Quit')) AND ($season IS NULL OR s.number = $season)
WITH s, ps
ORDER BY s.number, ps.exit_episode, ps.name
WITH collect({season: s.number, season_name: s.name, player: ps.name, castaway_id: ps.castaway_id,
              episode: ps.exit_episode, day: ps.exit_day, result: ps.result}) AS exits
UNWIND exits AS r
RETURN r.season AS season, r.season_name AS season_name, r.player AS player, r.castaway_id AS castaway_id,
       r.episode AS episode, r.day AS day, r.result AS result, size(exits) AS n_exits
ORDER BY season, episode, player
LIMIT $limit
