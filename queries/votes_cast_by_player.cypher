// votes_cast_by_player: every vote one person cast at tribal council
MATCH (p:Player {castaway_id: $castaway_id})-[:PLAYED_IN]->(v:PlayerSeason)-[c:CAST_VOTE]->(t:PlayerSeason)
WHERE $season IS NULL OR v.season = $season
RETURN v.season AS season, c.episode AS episode, c.order AS tribal_order, c.vote_order AS vote_order,
       t.name AS voted_for, t.castaway_id AS voted_for_id, c.voted_out AS target_voted_out,
       c.nullified AS nullified, c.vote_event AS vote_event, c.phase AS phase
ORDER BY season, episode, tribal_order, vote_order
LIMIT $limit
