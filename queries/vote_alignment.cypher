// vote_alignment: two people's votes side by side at every tribal council round where both voted (one season, or
// every season they shared), whether they wrote down the same name, and how many times they did
MATCH (a:Player {castaway_id: $castaway_id})-[:PLAYED_IN]->(pa:PlayerSeason)-[ca:CAST_VOTE]->(ta:PlayerSeason)
WHERE $season IS NULL OR ca.season = $season
MATCH (b:Player {castaway_id: $other_castaway_id})-[:PLAYED_IN]->(pb:PlayerSeason)-[cb:CAST_VOTE]->(tb:PlayerSeason)
WHERE cb.tribal_id = ca.tribal_id AND coalesce(cb.vote_order, 1) = coalesce(ca.vote_order, 1)
WITH ca, pa, pb, ta, tb
ORDER BY ca.season, ca.episode, ca.order, ca.vote_order
WITH collect({season: ca.season, episode: ca.episode, tribal_order: ca.order, vote_order: ca.vote_order,
              player: pa.name, voted_for: ta.name, other_player: pb.name, other_voted_for: tb.name,
              same_vote: ta.id = tb.id}) AS rows,
     sum(CASE WHEN ta.id = tb.id THEN 1 ELSE 0 END) AS n_same
UNWIND rows AS r
RETURN r.season AS season, r.episode AS episode, r.tribal_order AS tribal_order, r.vote_order AS vote_order,
       r.player AS player, r.voted_for AS voted_for, r.other_player AS other_player,
       r.other_voted_for AS other_voted_for, r.same_vote AS same_vote, toInteger(n_same) AS n_same_votes,
       size(rows) AS n_votes_together
ORDER BY season, episode, tribal_order, vote_order
