// people_facts: each listed person's own facts (gender, date of birth, occupation), for comparing people ("who is
// older?") and for keeping one gender of any list ("the women of …", "the first man out")
MATCH (p:Player)
WHERE p.castaway_id IN $castaway_ids
RETURN p.name AS player, p.castaway_id AS castaway_id, p.gender AS gender, p.date_of_birth AS date_of_birth,
       p.occupation AS occupation
ORDER BY castaway_id
