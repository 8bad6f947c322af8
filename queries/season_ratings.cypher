// season_ratings: every season's episodes on average — IMDb rating and US viewers — best rated first
MATCH (s:Season {version: $version})-[:HAS_EPISODE]->(e:Episode)
WITH s, avg(e.imdb_rating) AS mean_rating, avg(e.viewers) AS mean_viewers, count(e) AS episodes
RETURN s.number AS season, s.name AS season_name, round(mean_rating * 100) / 100.0 AS imdb_rating,
       round(mean_viewers) AS viewers, episodes
ORDER BY imdb_rating DESC, season
