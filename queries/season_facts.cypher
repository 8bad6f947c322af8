// season_facts: one season's summary facts: location, dates, cast size, tribes, jury, final vote, winner
MATCH (s:Season {version: $version, number: $season})
OPTIONAL MATCH (s)<-[:IN_SEASON]-(w:PlayerSeason {winner: true})
RETURN s.number AS season, s.name AS season_name, s.location AS location, s.country AS country,
       s.premiered AS premiered, s.ended AS ended, s.filming_started AS filming_started,
       s.filming_ended AS filming_ended, s.n_cast AS cast_size, s.n_tribes AS n_tribes,
       s.tribe_setup AS tribe_setup, s.n_jury AS jury_size, s.n_finalists AS n_finalists,
       s.final_vote AS final_vote, w.name AS winner, w.castaway_id AS winner_id,
       size([(s)-[:HAS_EPISODE]->(e:Episode) | e]) AS episodes, s.viewers_mean AS viewers_mean
