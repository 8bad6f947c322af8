// head_to_head_votes: the seasons two people played together and every vote either cast against the other
MATCH (a:Player {castaway_id: $castaway_id})-[:PLAYED_IN]->(av:PlayerSeason)-[:IN_SEASON]->(s:Season)
      <-[:IN_SEASON]-(bv:PlayerSeason)<-[:PLAYED_IN]-(b:Player {castaway_id: $other_castaway_id})
OPTIONAL MATCH (av)-[c:CAST_VOTE]-(bv)
RETURN s.number AS season, s.name AS season_name,
       CASE WHEN c IS NULL THEN NULL WHEN startNode(c) = av THEN av.name ELSE bv.name END AS voter,
       CASE WHEN c IS NULL THEN NULL WHEN startNode(c) = av THEN bv.name ELSE av.name END AS voted_for,
       c.episode AS episode, c.order AS tribal_order, c.vote_order AS vote_order, c.voted_out AS voted_out,
       c.nullified AS nullified
ORDER BY season, episode, tribal_order, vote_order, voter
