// season_ratings: every season's episodes on average — IMDb rating and US viewers — best rated first, with the
// premiere's and the finale's viewers, IMDb ratings and lengths, and the episodes that are not a recap special or
// the reunion
MATCH (s:Season {version: $version})-[:HAS_EPISODE]->(e:Episode)
WITH s, avg(e.imdb_rating) AS mean_rating, avg(e.viewers) AS mean_viewers, count(e) AS episodes,
     max(CASE WHEN e.number = 1 THEN e.viewers END) AS premiere_viewers,
     max(CASE WHEN e.label = 'Finale' THEN e.viewers END) AS finale_viewers,
     count(CASE WHEN e.label IN ['Recap', 'Reunion'] THEN NULL ELSE 1 END) AS regular_episodes,
     max(CASE WHEN e.number = 1 THEN e.imdb_rating END) AS premiere_rating,
     max(CASE WHEN e.label = 'Finale' THEN e.imdb_rating END) AS finale_rating,
     max(CASE WHEN e.number = 1 THEN e.length_minutes END) AS premiere_minutes,
     max(CASE WHEN e.label = 'Finale' THEN e.length_minutes END) AS finale_minutes
RETURN s.number AS season, s.name AS season_name, round(mean_rating * 100) / 100.0 AS imdb_rating,
       round(mean_viewers) AS viewers, episodes, premiere_viewers, finale_viewers, regular_episodes,
       premiere_rating, finale_rating, premiere_minutes, finale_minutes
ORDER BY imdb_rating DESC, season
