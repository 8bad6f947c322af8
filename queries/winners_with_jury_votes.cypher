// winners_with_jury_votes: every season's winner with the number of jury votes they received
MATCH (s:Season {version: $version})<-[:IN_SEASON]-(w:PlayerSeason {winner: true})
WHERE $seasons IS NULL OR s.number IN $seasons
OPTIONAL MATCH (j:PlayerSeason)-[v:JURY_VOTE_FOR]->(w)
RETURN s.number AS season, s.name AS season_name, w.name AS winner, w.castaway_id AS castaway_id,
       count(v) AS jury_votes, s.n_jury AS jury_size, s.final_vote AS final_vote
ORDER BY season
