// season_jury: the jury of one season, in the order they joined it, with whom each voted for, their starting
// tribe and the jury size
MATCH (s:Season {version: $version, number: $season})<-[:IN_SEASON]-(j:PlayerSeason {jury: true})
OPTIONAL MATCH (j)-[:JURY_VOTE_FOR]->(f:PlayerSeason)
WITH j, f
ORDER BY j.juror_number, j.name
WITH collect({juror_number: j.juror_number, juror: j.name, castaway_id: j.castaway_id, place: j.place,
              result: j.result, voted_for: f.name, original_tribe: j.original_tribe}) AS jurors
UNWIND jurors AS r
RETURN r.juror_number AS juror_number, r.juror AS juror, r.castaway_id AS castaway_id, r.place AS place,
       r.result AS result, r.voted_for AS voted_for, r.original_tribe AS original_tribe, size(jurors) AS n_jurors
ORDER BY juror_number, juror
