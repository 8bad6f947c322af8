// winners_returned: each winner (by castaway_id), the season of their first win, and the seasons they played after
// it; returned = false keeps the winners who never played again, true those who came back
MATCH (p:Player)-[:PLAYED_IN]->(w:PlayerSeason {winner: true})
WHERE w.version = $version
WITH p, min(w.season) AS won_season
MATCH (p)-[:PLAYED_IN]->(ps:PlayerSeason)
WHERE ps.version = $version
WITH p, won_season, ps
ORDER BY ps.season
WITH p, won_season, [s IN collect(ps.season) WHERE s > won_season] AS later_seasons
WITH p, won_season, later_seasons, size(later_seasons) > 0 AS returned
WHERE $returned IS NULL OR returned = $returned
WITH collect({player: p.name, castaway_id: p.castaway_id, won_season: won_season, returned: returned,
              later_seasons: later_seasons}) AS people
UNWIND people AS person
RETURN person.player AS player, person.castaway_id AS castaway_id, person.won_season AS won_season,
       person.returned AS returned, person.later_seasons AS later_seasons, size(people) AS n_players
ORDER BY won_season
