// season_facts: a season's summary facts (every season when none is given): winner, cast size, episodes, jury,
// final vote, tribes, location, dates, how many days it lasted (the finalists' last day), its timeslot,
// how many tribe swaps it had, how many idols of any kind were in play, how many of its finalists were women
MATCH (s:Season {version: $version})
WHERE $season IS NULL OR s.number = $season
// one pattern comprehension per WITH (FalkorDB, see DESIGN.md "Cypher dialect")
WITH s, reduce(most = 0, d IN [(s)<-[:IN_SEASON]-(x:PlayerSeason) | coalesce(x.exit_day, 0)]
              | CASE WHEN d > most THEN d ELSE most END) AS days
WITH s, days, reduce(most = 0, n IN [(s)-[:HAS_TRIBE]->(:Tribe)<-[m:MEMBER_OF]-(:PlayerSeason)
                                     WHERE m.phase = 'swapped' | coalesce(m.swap_number, 1)]
                    | CASE WHEN n > most THEN n ELSE most END) AS swaps
WITH s, days, swaps, size([(s)-[:HAS_ADVANTAGE]->(a:Advantage) WHERE a.type CONTAINS 'Idol' | a]) AS idols
WITH s, days, swaps, idols, size([(s)<-[:IN_SEASON]-(f:PlayerSeason {finalist: true})<-[:PLAYED_IN]-(p:Player)
                                  WHERE p.gender = 'Female' | f]) AS women_finalists
OPTIONAL MATCH (s)<-[:IN_SEASON]-(w:PlayerSeason {winner: true})
RETURN s.number AS season, s.name AS season_name, w.name AS winner, s.n_cast AS cast_size,
       size([(s)-[:HAS_EPISODE]->(e:Episode) | e]) AS episodes, s.n_jury AS jury_size,
       s.n_finalists AS n_finalists, s.final_vote AS final_vote, s.n_tribes AS n_tribes, s.location AS location,
       s.country AS country, s.premiered AS premiered, s.ended AS ended, s.filming_started AS filming_started,
       s.filming_ended AS filming_ended, s.tribe_setup AS tribe_setup, w.castaway_id AS winner_id,
       s.viewers_mean AS viewers_mean, days, s.timeslot AS timeslot, swaps, idols,
       women_finalists, s.nielsen_rank AS nielsen_rank
ORDER BY season
