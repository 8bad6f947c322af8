// most_votes_received: people ranked by tribal council votes cast against them, one season or all; leaders_only
// keeps only the people tied for the most
MATCH (p:Player)-[:PLAYED_IN]->(t:PlayerSeason)<-[c:CAST_VOTE]-(v:PlayerSeason)
WHERE t.version = $version AND ($season IS NULL OR t.season = $season)
WITH p, t, c
ORDER BY t.season
WITH p, count(c) AS votes_received,
     toInteger(sum(CASE WHEN c.nullified = true THEN 1 ELSE 0 END)) AS nullified,
     collect(DISTINCT t.season) AS seasons
ORDER BY votes_received DESC, p.name
WITH collect({player: p.name, castaway_id: p.castaway_id, votes_received: votes_received, nullified: nullified,
              seasons: seasons}) AS ranked
UNWIND ranked AS r
WITH r, ranked[0].votes_received AS top
WHERE $leaders_only = false OR r.votes_received = top
RETURN r.player AS player, r.castaway_id AS castaway_id, r.votes_received AS votes_received, r.nullified AS nullified,
       r.seasons AS seasons
ORDER BY votes_received DESC, player
LIMIT $limit
