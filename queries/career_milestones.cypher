// career_milestones: each person's career in numbers — seasons played, and in how many of them they made the merge,
// sat on the jury, reached the final tribal council and won — most seasons first
MATCH (p:Player)-[:PLAYED_IN]->(ps:PlayerSeason {version: $version})
WITH p, ps, size([(ps)-[m:MEMBER_OF]->(:Tribe) WHERE m.phase = 'merged' | m]) > 0 AS merged
WITH p, count(ps) AS seasons_played, count(CASE WHEN merged THEN 1 END) AS merges,
     count(CASE WHEN ps.jury THEN 1 END) AS juries, count(CASE WHEN ps.finalist THEN 1 END) AS finals,
     count(CASE WHEN ps.winner THEN 1 END) AS wins, collect(ps.season) AS seasons
WHERE seasons_played >= $min_seasons
RETURN p.name AS player, p.castaway_id AS castaway_id, seasons_played, merges, juries, finals, wins, seasons
ORDER BY seasons_played DESC, player
LIMIT $limit
