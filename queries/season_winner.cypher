// season_winner: the Sole Survivor of one season, their age that season and their jury votes
MATCH (s:Season {version: $version, number: $season})<-[:IN_SEASON]-(w:PlayerSeason {winner: true})
OPTIONAL MATCH (j:PlayerSeason)-[v:JURY_VOTE_FOR]->(w)
RETURN s.number AS season, s.name AS season_name, w.name AS winner, w.castaway_id AS castaway_id, w.age AS age,
       count(v) AS jury_votes, s.final_vote AS final_vote
ORDER BY season, winner
