// tribal_event_players: each person a tribal council's twist applied to (survivoR's vote_event on the castaway:
// a shot in the dark, a rock draw, an extra or stolen vote …), in one season or every season, with how it came out
// for them ("Safe", "Not safe", "Lost" …): "the first shot in the dark that worked", "how many times it was played"
MATCH (s:Season {version: $version})-[:HAS_EPISODE]->(e:Episode)-[:HAS_TRIBAL]->(t:TribalCouncil)
      <-[a:ATTENDED_TRIBAL]-(ps:PlayerSeason)
WHERE ($season IS NULL OR s.number = $season) AND a.vote_event IS NOT NULL
  AND ($event IS NULL OR toLower(a.vote_event) CONTAINS toLower($event))
  AND ($outcome IS NULL OR toLower(a.vote_event_outcome) = toLower($outcome))
RETURN ps.name AS player, ps.castaway_id AS castaway_id, s.number AS season, e.number AS episode,
       t.order AS tribal_order, a.vote_event AS event, a.vote_event_outcome AS outcome
ORDER BY season, episode, tribal_order, player
