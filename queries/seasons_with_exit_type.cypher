// seasons_with_exit_type: the seasons in which someone left one way (e.g. a medical evacuation), with who; or
// (absent) the seasons in which nobody did; n_seasons counts the seasons listed
MATCH (s:Season {version: $version})
OPTIONAL MATCH (s)<-[:IN_SEASON]-(ps:PlayerSeason)
WHERE (ps.exit_type = $exit_type OR ($exit_type = 'quit' AND ps.result CONTAINS 'Quit'))
WITH s, ps
ORDER BY ps.exit_episode
WITH s, count(ps) AS n, collect(ps.name) AS players
WHERE ($absent = false AND n > 0) OR ($absent = true AND n = 0)
WITH s, n, players
ORDER BY s.number
WITH collect({season: s.number, season_name: s.name, n: n, players: players}) AS seasons
UNWIND seasons AS r
RETURN r.season AS season, r.season_name AS season_name, r.n AS n, r.players AS players, size(seasons) AS n_seasons
ORDER BY season
