// tribal_events: tribal councils where something other than a plain vote happened (survivoR's vote_event: a
// rock draw, a deadlock, a shot in the dark, a countback, an extra or stolen vote, a fire-making tiebreak …), in
// one season or every season: who went home, and how it came out for each person there
MATCH (s:Season {version: $version})-[:HAS_EPISODE]->(e:Episode)-[:HAS_TRIBAL]->(t:TribalCouncil)
      <-[a:ATTENDED_TRIBAL]-(ps:PlayerSeason)
WHERE ($season IS NULL OR s.number = $season) AND a.vote_event IS NOT NULL
  AND ($event IS NULL OR toLower(a.vote_event) CONTAINS toLower($event))
WITH s, e, t, collect(DISTINCT a.vote_event) AS events,
     collect(ps.name + CASE WHEN a.vote_event_outcome IS NULL THEN '' ELSE ' (' + a.vote_event_outcome + ')' END)
       AS outcomes
OPTIONAL MATCH (t)-[:VOTED_OUT]->(out:PlayerSeason)
RETURN s.number AS season, e.number AS episode, t.order AS tribal_order, events, out.name AS voted_out,
       out.castaway_id AS castaway_id, outcomes
ORDER BY season, episode, tribal_order
