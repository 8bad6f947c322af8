// repeat_winners: the people (by castaway_id) who won at least N seasons, e.g. the two-time winners
MATCH (p:Player)-[:PLAYED_IN]->(ps:PlayerSeason {winner: true})
WHERE ps.version = $version
WITH p, ps
ORDER BY ps.season
WITH p, count(ps) AS wins, collect(ps.season) AS seasons_won
WHERE wins >= $min_wins
WITH collect({player: p.name, castaway_id: p.castaway_id, wins: wins, seasons_won: seasons_won}) AS people
UNWIND people AS person
RETURN person.player AS player, person.castaway_id AS castaway_id, person.wins AS wins,
       person.seasons_won AS seasons_won, size(people) AS n_players
ORDER BY wins DESC, player
