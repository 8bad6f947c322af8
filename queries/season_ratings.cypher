// season_ratings: every season's episodes on average — IMDb rating and US viewers — best rated first, with the
// premiere's and the finale's viewers and the episodes that are not a recap special or the reunion
MATCH (s:Season {version: $version})-[:HAS_EPISODE]->(e:Episode)
WITH s, avg(e.imdb_rating) AS mean_rating, avg(e.viewers) AS mean_viewers, count(e) AS episodes,
     max(CASE WHEN e.number = 1 THEN e.viewers END) AS premiere_viewers,
     max(CASE WHEN e.label = 'Finale' THEN e.viewers END) AS finale_viewers,
     count(CASE WHEN e.label IN ['Recap', 'Reunion'] THEN NULL ELSE 1 END) AS regular_episodes
RETURN s.number AS season, s.name AS season_name, round(mean_rating * 100) / 100.0 AS imdb_rating,
       round(mean_viewers) AS viewers, episodes, premiere_viewers, finale_viewers, regular_episodes
ORDER BY imdb_rating DESC, season
