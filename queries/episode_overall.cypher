// episode_overall: an episode by its number across the whole show ("the 100th episode ever"), with its season,
// number in the season, title, air date, audience, rating and who left the game in it
MATCH (s:Season {version: $version})-[:HAS_EPISODE]->(e:Episode {number_overall: $overall})
OPTIONAL MATCH (e)-[x:ELIMINATED]->(ps:PlayerSeason)
WITH s, e, x, ps ORDER BY x.order
RETURN e.number_overall AS episode_overall, s.number AS season, s.name AS season_name, e.number AS episode,
       e.title AS title, e.air_date AS air_date, e.viewers AS viewers, e.imdb_rating AS imdb_rating, e.label AS label,
       [n IN collect(ps.name) WHERE n IS NOT NULL] AS left_game, [t IN collect(x.exit_type) WHERE t IS NOT NULL] AS how
