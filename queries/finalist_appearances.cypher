// finalist_appearances: people who sat at the final tribal council at least N times (by castaway_id), with how
// many of those finals they won; won = false keeps only those who never won, won = true only winners
MATCH (p:Player)-[:PLAYED_IN]->(ps:PlayerSeason {finalist: true})
WHERE ps.version = $version
WITH p, ps
ORDER BY ps.season
WITH p, count(ps) AS finals, collect(ps.season) AS final_seasons,
     toInteger(sum(CASE WHEN ps.winner = true THEN 1 ELSE 0 END)) AS wins
WHERE finals >= $min_finals AND ($won IS NULL OR ($won = true AND wins > 0) OR ($won = false AND wins = 0))
WITH collect({player: p.name, castaway_id: p.castaway_id, finals: finals, wins: wins,
              final_seasons: final_seasons}) AS people
UNWIND people AS person
RETURN person.player AS player, person.castaway_id AS castaway_id, person.finals AS finals, person.wins AS wins,
       person.final_seasons AS final_seasons, size(people) AS n_players
ORDER BY finals DESC, player
