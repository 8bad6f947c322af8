// final_jury_votes: each juror's vote at the final tribal council (juror -> finalist), optionally one season,
// one person (as juror or as finalist) and only the votes for (or not for) the winner
MATCH (s:Season {version: $version})<-[:IN_SEASON]-(j:PlayerSeason)-[:JURY_VOTE_FOR]->(f:PlayerSeason)
WHERE ($season IS NULL OR s.number = $season)
  AND ($castaway_id IS NULL OR j.castaway_id = $castaway_id OR f.castaway_id = $castaway_id)
  AND ($for_winner IS NULL OR coalesce(f.winner, false) = $for_winner)
RETURN s.number AS season, j.name AS juror, j.castaway_id AS juror_id, f.name AS voted_for,
       f.castaway_id AS voted_for_id, f.winner AS voted_for_winner
ORDER BY season, j.juror_number, juror
