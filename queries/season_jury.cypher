// season_jury: the jury of one season, in the order they joined it, with whom each voted for
MATCH (s:Season {version: $version, number: $season})<-[:IN_SEASON]-(j:PlayerSeason {jury: true})
OPTIONAL MATCH (j)-[:JURY_VOTE_FOR]->(f:PlayerSeason)
RETURN j.juror_number AS juror_number, j.name AS juror, j.castaway_id AS castaway_id, j.place AS place,
       j.result AS result, f.name AS voted_for
ORDER BY juror_number, juror
