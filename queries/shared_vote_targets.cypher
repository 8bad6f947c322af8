// shared_vote_targets: the people two castaways both voted for (at any tribal council of a season they shared, not
// necessarily the same one), with how many times each wrote that name down
MATCH (a:Player {castaway_id: $castaway_id})-[:PLAYED_IN]->(pa:PlayerSeason)-[ca:CAST_VOTE]->(t:PlayerSeason)
WHERE $season IS NULL OR ca.season = $season
WITH pa, t, count(ca) AS player_votes
MATCH (b:Player {castaway_id: $other_castaway_id})-[:PLAYED_IN]->(pb:PlayerSeason)-[cb:CAST_VOTE]->(t)
WITH pa, pb, t, player_votes, count(cb) AS other_player_votes
RETURN t.name AS voted_for, t.castaway_id AS castaway_id, t.season AS season, pa.name AS player, player_votes,
       pb.name AS other_player, other_player_votes
ORDER BY season, voted_for
