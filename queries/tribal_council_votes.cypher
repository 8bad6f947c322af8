// tribal_council_votes: how everyone voted at the tribal council(s) of one season episode (or of every episode),
// and who went home
MATCH (s:Season {version: $version, number: $season})-[:HAS_EPISODE]->(e:Episode)
      -[:HAS_TRIBAL]->(tc:TribalCouncil)-[:VOTED_OUT]->(out:PlayerSeason)
WHERE $episode IS NULL OR e.number = $episode
MATCH (v:PlayerSeason)-[:ATTENDED_TRIBAL]->(tc)
OPTIONAL MATCH (v)-[c:CAST_VOTE]->(target:PlayerSeason)
WHERE c.tribal_id = tc.id
RETURN e.number AS episode, tc.order AS tribal_order, tc.tribe AS tribe, out.name AS voted_out, v.name AS voter,
       target.name AS voted_for, c.vote_order AS vote_order, c.nullified AS nullified, v.castaway_id AS voter_id
ORDER BY episode, tribal_order, vote_order, voter
