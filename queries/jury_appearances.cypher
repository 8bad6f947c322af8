// jury_appearances: people by how many seasons they sat on the jury, with those seasons; n_players counts them
MATCH (p:Player)-[:PLAYED_IN]->(ps:PlayerSeason {version: $version})
WHERE ps.jury = true
WITH p, count(ps) AS juries, collect(ps.season) AS seasons
WHERE juries >= $min_juries
WITH collect({p: p, juries: juries, seasons: seasons}) AS people
UNWIND people AS x
RETURN x.p.name AS player, x.p.castaway_id AS castaway_id, x.juries AS juries, x.seasons AS seasons,
       size(people) AS n_players
ORDER BY juries DESC, player
LIMIT $limit
