// elimination_vote: the whole vote at the tribal council that sent a person home, one row a round (a revote is
// round 2): each name written down with its count, most first, and the tally ("5-3-1"); nullified votes apart
MATCH (p:Player {castaway_id: $castaway_id})-[:PLAYED_IN]->(out:PlayerSeason)<-[:VOTED_OUT]-(tc:TribalCouncil)
WHERE $season IS NULL OR out.season = $season
MATCH (v:PlayerSeason)-[:ATTENDED_TRIBAL]->(tc)
MATCH (v)-[c:CAST_VOTE]->(target:PlayerSeason)
WHERE c.tribal_id = tc.id
WITH out, tc, c.vote_order AS round, target, sum(CASE WHEN c.nullified THEN 0 ELSE 1 END) AS counted,
     sum(CASE WHEN c.nullified THEN 1 ELSE 0 END) AS cancelled
ORDER BY counted DESC, target.name
// collect() skips the nulls: a name whose every vote was nullified is only in nullified_votes
WITH out, tc, round, collect(CASE WHEN counted > 0 THEN target.name + ' ' + toString(toInteger(counted)) END) AS counts,
     collect(CASE WHEN counted > 0 THEN toInteger(counted) END) AS tallies, toInteger(sum(cancelled)) AS nullified_votes
RETURN out.season AS season, tc.episode AS episode, tc.order AS tribal_order, out.name AS voted_out,
       out.castaway_id AS castaway_id, round,
       reduce(t = '', n IN tallies | t + CASE t WHEN '' THEN '' ELSE '-' END + toString(n)) AS tally,
       reduce(t = '', n IN counts | t + CASE t WHEN '' THEN '' ELSE ', ' END + n) AS votes, nullified_votes
ORDER BY season, episode, tribal_order, round
