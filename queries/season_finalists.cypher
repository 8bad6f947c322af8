// season_finalists: the finalists of one season (or of every season) with their jury votes; optionally only the
// winner or the runners-up; advantage_episodes counts the episodes each held an idol or advantage
MATCH (s:Season {version: $version})<-[:IN_SEASON]-(f:PlayerSeason {finalist: true})
WHERE ($season IS NULL OR s.number = $season) AND ($winner IS NULL OR coalesce(f.winner, false) = $winner)
OPTIONAL MATCH (j:PlayerSeason)-[v:JURY_VOTE_FOR]->(f)
WITH s, f, count(v) AS jury_votes
RETURN s.number AS season, f.name AS finalist, f.castaway_id AS castaway_id, f.place AS place, jury_votes,
       f.winner AS winner, s.final_vote AS final_vote, f.advantage_episodes AS advantage_episodes
ORDER BY season, place, finalist
