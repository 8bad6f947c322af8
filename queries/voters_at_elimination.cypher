// voters_at_elimination: who voted a person out: the votes against them at the tribal that eliminated them
MATCH (p:Player {castaway_id: $castaway_id})-[:PLAYED_IN]->(out:PlayerSeason)<-[:VOTED_OUT]-(tc:TribalCouncil)
WHERE $season IS NULL OR out.season = $season
MATCH (voter:PlayerSeason)-[:ATTENDED_TRIBAL]->(tc)
MATCH (voter)-[c:CAST_VOTE]->(out)
WHERE c.tribal_id = tc.id
RETURN out.season AS season, tc.episode AS episode, tc.order AS tribal_order, out.name AS voted_out,
       voter.name AS voter, voter.castaway_id AS voter_id, c.vote_order AS vote_order, c.nullified AS nullified
ORDER BY season, episode, tribal_order, vote_order, voter
