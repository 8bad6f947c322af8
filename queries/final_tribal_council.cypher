// final_tribal_council: the finalists of one season (or one of them) and the jury votes each received
MATCH (s:Season {version: $version, number: $season})<-[:IN_SEASON]-(f:PlayerSeason {finalist: true})
WHERE $castaway_id IS NULL OR f.castaway_id = $castaway_id
OPTIONAL MATCH (j:PlayerSeason)-[v:JURY_VOTE_FOR]->(f)
WITH s, f, j, v
ORDER BY j.juror_number
WITH s, f, count(v) AS jury_votes, collect(j.name) AS jurors
RETURN s.number AS season, f.name AS finalist, f.castaway_id AS castaway_id, jury_votes, f.winner AS winner,
       f.place AS place, jurors, s.final_vote AS final_vote
ORDER BY jury_votes DESC, place
