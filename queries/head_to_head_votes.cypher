// head_to_head_votes: the seasons two people played together and every vote either cast against the other
// (one_way: only the votes the first person cast against the second), with the number of such votes
MATCH (a:Player {castaway_id: $castaway_id})-[:PLAYED_IN]->(av:PlayerSeason)-[:IN_SEASON]->(s:Season)
      <-[:IN_SEASON]-(bv:PlayerSeason)<-[:PLAYED_IN]-(b:Player {castaway_id: $other_castaway_id})
OPTIONAL MATCH (av)-[c:CAST_VOTE]-(bv)
WHERE $one_way = false OR startNode(c) = av
WITH s, av, bv, c
ORDER BY s.number, c.episode, c.order, c.vote_order
WITH collect({season: s.number, season_name: s.name,
              voter: CASE WHEN c IS NULL THEN NULL WHEN startNode(c) = av THEN av.name ELSE bv.name END,
              voted_for: CASE WHEN c IS NULL THEN NULL WHEN startNode(c) = av THEN bv.name ELSE av.name END,
              episode: c.episode, tribal_order: c.order, vote_order: c.vote_order, voted_out: c.voted_out,
              nullified: c.nullified}) AS rows, count(c) AS n_votes
UNWIND rows AS r
RETURN r.season AS season, r.season_name AS season_name, n_votes, r.voter AS voter, r.voted_for AS voted_for,
       r.episode AS episode, r.tribal_order AS tribal_order, r.vote_order AS vote_order, r.voted_out AS voted_out,
       r.nullified AS nullified
ORDER BY season, episode, tribal_order, vote_order, voter
