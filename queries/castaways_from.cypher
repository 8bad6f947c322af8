// castaways_from: the people whose hometown (city or state, as survivoR records it for a season) is the place named,
// with the seasons they played from there; n_players counts them. $places lists readings of the place, longest
// first ("new york city", "new york", "new"): the first reading that is someone's city or state is the place.
MATCH (p:Player)-[:PLAYED_IN]->(ps:PlayerSeason {version: $version})
WHERE $season IS NULL OR ps.season = $season
WITH p, ps, [i IN range(0, size($places) - 1)
             WHERE toLower($places[i]) = toLower(ps.state) OR toLower($places[i]) = toLower(ps.city)] AS readings
WHERE size(readings) > 0
WITH p, ps, readings[0] AS reading
WITH collect({p: p, ps: ps, reading: reading}) AS found, min(reading) AS best
UNWIND found AS f
WITH f, best WHERE f.reading = best
WITH f.p AS p, collect(DISTINCT f.ps.city) AS cities, collect(DISTINCT f.ps.state) AS states,
     collect(f.ps.season) AS seasons, $places[best] AS place
WITH collect({p: p, cities: cities, states: states, seasons: seasons}) AS people, place
UNWIND people AS x
RETURN x.p.name AS player, x.p.castaway_id AS castaway_id, x.cities[0] AS city, x.states[0] AS state,
       x.seasons AS seasons, place AS place_matched, size(people) AS n_players
ORDER BY player
