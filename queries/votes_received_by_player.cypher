// votes_received_by_player: every vote cast against one person at tribal council
MATCH (p:Player {castaway_id: $castaway_id})-[:PLAYED_IN]->(t:PlayerSeason)<-[c:CAST_VOTE]-(v:PlayerSeason)
WHERE $season IS NULL OR t.season = $season
RETURN t.season AS season, c.episode AS episode, c.order AS tribal_order, c.vote_order AS vote_order,
       v.name AS voter, v.castaway_id AS voter_id, c.voted_out AS voted_out, c.nullified AS nullified,
       c.phase AS phase
ORDER BY season, episode, tribal_order, vote_order, voter
LIMIT $limit
