// player_career: every season one person played (or one season), with place and result, and when it premiered
MATCH (p:Player {castaway_id: $castaway_id})
WITH p, size([(p)-[:PLAYED_IN]->(x:PlayerSeason) | x]) AS seasons_played
MATCH (p)-[:PLAYED_IN]->(ps:PlayerSeason)-[:IN_SEASON]->(s:Season)
WHERE $season IS NULL OR s.number = $season
RETURN p.name AS player, p.castaway_id AS castaway_id, seasons_played, s.version AS version, s.number AS season,
       s.name AS season_name, ps.name AS name_that_season, ps.age AS age, ps.original_tribe AS original_tribe,
       ps.place AS place, ps.result AS result, ps.exit_type AS exit_type, ps.winner AS winner,
       ps.finalist AS finalist, ps.jury AS jury, s.premiered AS premiered
ORDER BY version, season
