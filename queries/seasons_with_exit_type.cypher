// seasons_with_exit_type: the seasons in which someone left one way (e.g. a medical evacuation), with who
MATCH (s:Season {version: $version})<-[:IN_SEASON]-(ps:PlayerSeason)
WHERE ps.exit_type = $exit_type
WITH s, ps
ORDER BY ps.exit_episode
WITH s, count(ps) AS n, collect(ps.name) AS players
RETURN s.number AS season, s.name AS season_name, n, players
ORDER BY season
