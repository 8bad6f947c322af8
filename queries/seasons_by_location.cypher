// seasons_by_location: the seasons filmed in a place (its location or country contains the text), with winner
MATCH (s:Season {version: $version})
WHERE toLower(s.location) CONTAINS toLower($place) OR toLower(s.country) CONTAINS toLower($place)
   OR toLower($place) CONTAINS toLower(s.location)
OPTIONAL MATCH (s)<-[:IN_SEASON]-(w:PlayerSeason {winner: true})
RETURN s.number AS season, s.name AS season_name, s.location AS location, s.country AS country, w.name AS winner
ORDER BY season
