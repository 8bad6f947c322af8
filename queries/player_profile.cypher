// player_profile: one person's own facts (occupation, birth date, gender, personality type, date of death, how they
// described themselves: three words, hobbies, pet peeves) and, per season, the name they went by on the show, their age, hometown and state, original tribe and result
MATCH (p:Player {castaway_id: $castaway_id})-[:PLAYED_IN]->(ps:PlayerSeason)
WHERE $season IS NULL OR ps.season = $season
RETURN p.name AS player, p.castaway_id AS castaway_id, p.occupation AS occupation,
       p.date_of_birth AS date_of_birth, p.gender AS gender, p.personality_type AS personality_type,
       p.date_of_death AS date_of_death, ps.season AS season, ps.age AS age, ps.city AS city, ps.state AS state,
       ps.original_tribe AS original_tribe, ps.result AS result, ps.short_name AS known_as,
       p.three_words AS three_words, p.hobbies AS hobbies, p.pet_peeves AS pet_peeves
ORDER BY ps.version, season
